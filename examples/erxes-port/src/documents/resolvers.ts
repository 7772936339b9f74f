import { InputError, type PluginRequestContext, type PluginResolvers } from '@lattice/plugin-sdk';
import { documentOrder, type DocumentFields, type DocumentsModels } from './models.js';

// erxes: packages/template.plugin.api/source-default/graphql/resolvers (queries, mutations, the
// `currentType` field). The reads return mongoose queries un-awaited, as erxes code does: the host resolves them.

export interface DocumentsContext extends PluginRequestContext {
  models: DocumentsModels;
}

interface DocumentArgs {
  name?: string | null;
  expiryDate?: Date | null;
  checked?: boolean | null;
  typeId?: string | null;
}

/** The fields given (null clears nothing: erxes's `$set` of the arguments, without the absent ones). */
function givenFields(args: DocumentArgs): Partial<DocumentFields> {
  const fields: Partial<DocumentFields> = {};
  if (args.name != null) fields.name = args.name;
  if (args.expiryDate != null) fields.expiryDate = args.expiryDate;
  if (args.checked != null) fields.checked = args.checked;
  if (args.typeId != null) fields.typeId = args.typeId;
  return fields;
}

/** A typeId must name a type: a document is never stored pointing nowhere. */
async function checkType(models: DocumentsModels, typeId: string | null | undefined): Promise<void> {
  if (typeId == null) return;
  if (typeId === '') throw new InputError('typeId must not be empty: leave it out for a document without a type');
  await models.DocumentType.getType(typeId);
}

export const resolvers: PluginResolvers<DocumentsContext> = {
  Query: {
    documents(_parent: unknown, { typeId }: { typeId?: string | null }, { models }: DocumentsContext) {
      return models.Document.find(typeId ? { typeId } : {}).sort(documentOrder).lean();
    },
    documentTypes(_parent: unknown, _args: unknown, { models }: DocumentsContext) {
      return models.DocumentType.find().sort({ name: 1, _id: 1 }).lean();
    },
    documentsTotalCount(_parent: unknown, _args: unknown, { models }: DocumentsContext) {
      return models.Document.countDocuments();
    },
  },
  Mutation: {
    async documentsAdd(_parent: unknown, args: DocumentArgs, { models }: DocumentsContext) {
      await checkType(models, args.typeId);
      const created = await models.Document.create({ ...givenFields(args), createdAt: new Date() });
      return created.toObject();
    },
    async documentsEdit(_parent: unknown, { _id, ...args }: DocumentArgs & { _id: string }, { models }: DocumentsContext) {
      await models.Document.getDocument(_id);
      await checkType(models, args.typeId);
      await models.Document.updateOne({ _id }, { $set: givenFields(args) });
      return models.Document.getDocument(_id);
    },
    async documentsRemove(_parent: unknown, { _id }: { _id: string }, { models }: DocumentsContext) {
      await models.Document.getDocument(_id);
      return models.Document.deleteOne({ _id });
    },
    async documentTypesAdd(_parent: unknown, { name }: { name?: string | null }, { models }: DocumentsContext) {
      const created = await models.DocumentType.create(name == null ? {} : { name });
      return created.toObject();
    },
    async documentTypesEdit(_parent: unknown, { _id, name }: { _id: string; name?: string | null }, { models }: DocumentsContext) {
      await models.DocumentType.getType(_id);
      if (name != null) await models.DocumentType.updateOne({ _id }, { $set: { name } });
      return models.DocumentType.getType(_id);
    },
    async documentTypesRemove(_parent: unknown, { _id }: { _id: string }, { models }: DocumentsContext) {
      await models.DocumentType.getType(_id);
      const used = await models.Document.countDocuments({ typeId: _id });
      if (used > 0) throw new InputError(`The type is used by ${used} document(s): remove or move them first`);
      return models.DocumentType.deleteOne({ _id });
    },
  },
  Document: {
    _id: (document: { _id: unknown }) => String(document._id),
    currentType(document: { typeId?: string }, _args: unknown, { models }: DocumentsContext) {
      return document.typeId ? models.DocumentType.findById(document.typeId).lean() : null;
    },
  },
  DocumentType: {
    _id: (type: { _id: unknown }) => String(type._id),
  },
};
