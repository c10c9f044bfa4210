import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import DualEncoder

SEQ_SHARDING = P('data', None, 'model')


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
  model = DualEncoder()
  docs = jax.ShapeDtypeStruct((32, 64), jnp.int32, sharding=NamedSharding(mesh, P('data', None)))
  params = jax.eval_shape(model.init, jax.random.key(0), docs, docs)

  @jax.jit
  def index_documents(params, docs):
    hidden = model.apply(params, docs, method=DualEncoder.encode)
    hidden = jax.lax.with_sharding_constraint(hidden, NamedSharding(mesh, SEQ_SHARDING))
    pooled = hidden.mean(axis=1)
    pooled = jax.lax.with_sharding_constraint(pooled, NamedSharding(mesh, SEQ_SHARDING))
    return pooled / jnp.linalg.norm(pooled, axis=-1, keepdims=True)

  index_documents.trace(params, docs).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
