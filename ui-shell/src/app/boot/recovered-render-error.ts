/** How the shell's console line for a render error React recovered from begins (the browser tests look for it). */
export const recoveredRenderErrorPrefix = 'React recovered from an error thrown while rendering:';
