import {
  userListSchema,
  userSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserList,
} from '@homecam/shared';
import { apiRequest } from './http-client';

export function listUsers(): Promise<UserList> {
  return apiRequest('/users', { schema: userListSchema });
}

export function createUser(body: CreateUserRequest): Promise<User> {
  return apiRequest('/users', { method: 'POST', json: body, schema: userSchema });
}

export function updateUser(id: number, body: UpdateUserRequest): Promise<User> {
  return apiRequest(`/users/${id}`, { method: 'PATCH', json: body, schema: userSchema });
}

export function deleteUser(id: number): Promise<void> {
  return apiRequest(`/users/${id}`, { method: 'DELETE' });
}

export function uploadUserPhoto(id: number, file: File): Promise<User> {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest(`/users/${id}/photo`, { method: 'PUT', form, schema: userSchema });
}

export function removeUserPhoto(id: number): Promise<User> {
  return apiRequest(`/users/${id}/photo`, { method: 'DELETE', schema: userSchema });
}
