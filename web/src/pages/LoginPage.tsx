import { LoginView } from '../views/LoginView';

export function LoginPage() {
  return <LoginView />;
}
