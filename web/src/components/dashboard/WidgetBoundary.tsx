import { Component, type ReactNode } from 'react';
import { WidgetError } from './WidgetError';

interface State {
  error: unknown;
}

/** Catches a widget that throws while rendering: it shows WidgetError in its frame, the other widgets carry on. */
export class WidgetBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('widget failed') };
  }

  override render() {
    if (this.state.error) return <WidgetError error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
