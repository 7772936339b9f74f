// Not used by Lattice: the build tool wants an entry besides the remoteEntry.js that Module Federation adds.
export {};
