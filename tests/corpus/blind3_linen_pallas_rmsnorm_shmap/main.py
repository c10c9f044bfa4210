import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Block

mesh = jax.make_mesh((4,), ('data',))
model = Block(dim=128)
params = jax.eval_shape(model.init, jax.random.key(0), jax.ShapeDtypeStruct((8, 128), jnp.float32))


@jax.jit
def forward(params, x):
  return jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P('data')), out_specs=P('data'),
                       check_vma=False)(params, x)


x = jax.ShapeDtypeStruct((4 * 16, 128), jnp.float32, sharding=NamedSharding(mesh, P('data')))
forward.trace(params, x).lower(lowering_platforms=('tpu',))
