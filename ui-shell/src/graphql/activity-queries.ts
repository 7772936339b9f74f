import { gql, type TypedDocumentNode } from '@apollo/client';
import { activityLogFields } from '@lattice/ui-sdk';
import type { ActivityFilterUsersQuery, ActivityFilterUsersQueryVariables, SettingsActivityQuery, SettingsActivityQueryVariables } from './generated.js';

export const activitySearchQuery: TypedDocumentNode<SettingsActivityQuery, SettingsActivityQueryVariables> = gql`
  query SettingsActivity($createdBy: String, $plugin: String, $action: String, $from: String, $to: String, $page: Int, $perPage: Int) {
    activityLogSearch(createdBy: $createdBy, plugin: $plugin, action: $action, from: $from, to: $to, page: $page, perPage: $perPage) {
      list {
        ...ActivityLogFields
      }
      totalCount
    }
  }
  ${activityLogFields}
`;

/** The users the filter offers (only for those who may see them). */
export const activityFilterUsersQuery: TypedDocumentNode<ActivityFilterUsersQuery, ActivityFilterUsersQueryVariables> = gql`
  query ActivityFilterUsers {
    users {
      _id
      email
      name
    }
  }
`;
