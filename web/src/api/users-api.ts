import {
  userListSchema,
  userSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserList,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

export function listUsers(http: HttpClient): Promise<UserList> {
  return http.request('/users', { schema: userListSchema });
}

export function createUser(http: HttpClient, body: CreateUserRequest): Promise<User> {
  return http.request('/users', { method: 'POST', json: body, schema: userSchema });
}

export function updateUser(http: HttpClient, id: number, body: UpdateUserRequest): Promise<User> {
  return http.request(`/users/${id}`, { method: 'PATCH', json: body, schema: userSchema });
}

export function deleteUser(http: HttpClient, id: number): Promise<void> {
  return http.request(`/users/${id}`, { method: 'DELETE' });
}

export function uploadUserPhoto(http: HttpClient, id: number, file: File): Promise<User> {
  const form = new FormData();
  form.append('photo', file);
  return http.request(`/users/${id}/photo`, { method: 'PUT', form, schema: userSchema });
}

export function removeUserPhoto(http: HttpClient, id: number): Promise<User> {
  return http.request(`/users/${id}/photo`, { method: 'DELETE', schema: userSchema });
}
