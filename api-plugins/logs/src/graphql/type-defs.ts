export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  "One change (or a plugin's own entry) in the activity log. Entries cannot be changed or removed."
  type ActivityLog {
    _id: String!
    createdAt: Date
    "The id of the user it was done for; null for the platform itself."
    createdBy: String
    plugin: String
    "The mutation (documentsEdit), create/update/remove, or a plugin's own word (syncStarted)."
    action: String
    "<plugin>:<type>, e.g. documents:document."
    contentType: String
    contentId: String
    "Each changed field's { before, after }; a secret's values are never kept, only '[secret]'."
    changes: JSON
  }

  type ActivityLogPage {
    list: [ActivityLog!]!
    totalCount: Int!
  }

  type Query {
    """
    One record's history, newest first (perPage 1 to 100, 20 by default). Needs logs:showActivity, or the
    permission that reads that content (documents:showDocuments for a document).
    """
    activityLogs(contentType: String!, contentId: String!, page: Int, perPage: Int): [ActivityLog]
    "Settings → Activity: every entry, filtered; from and to are ISO dates or times. Needs logs:showActivity."
    activityLogSearch(createdBy: String, plugin: String, action: String, from: String, to: String, page: Int, perPage: Int): ActivityLogPage
  }
`;
