import { Component, type ReactNode } from 'react';

interface RemoteBoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Keeps one remote's failure (entry unreachable, module missing, render throws) inside its own page or slot. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
