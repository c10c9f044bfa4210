import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import DualEncoder


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  model = DualEncoder()
  batch = NamedSharding(mesh, P('data', None))
  queries = jax.ShapeDtypeStruct((8, 16), jnp.int32)
  docs = jax.ShapeDtypeStruct((32, 64), jnp.int32)
  params = jax.eval_shape(model.init, jax.random.key(0), queries, docs)
  replicated = jax.tree.map(lambda _: NamedSharding(mesh, P()), params)

  def index_documents(params, docs):
    hidden = model.apply(params, docs, method=DualEncoder.encode)
    hidden = jax.lax.with_sharding_constraint(hidden, NamedSharding(mesh, P('data', None, 'model')))
    emb = model.apply(params, docs, method='embed_query')
    return emb / jnp.linalg.norm(emb, axis=-1, keepdims=True), hidden.shape

  def score(params, queries, doc_emb):
    q = model.apply(params, queries, method=model.embed_query)
    return q @ doc_emb.T

  index = jax.jit(lambda p, d: index_documents(p, d)[0],
                  in_shardings=(replicated, batch), out_shardings=batch)
  index.trace(params, docs).lower(lowering_platforms=('tpu',))
  doc_emb = jax.ShapeDtypeStruct((32, 64), jnp.float32)
  jax.jit(score, in_shardings=(replicated, batch, batch)).trace(
      params, queries, doc_emb).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
