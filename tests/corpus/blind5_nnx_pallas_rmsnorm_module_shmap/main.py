import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Head

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
head = Head(128, 256, mesh=mesh, rngs=nnx.Rngs(0))

state_sharding = NamedSharding(mesh, P())
batch_sharding = NamedSharding(mesh, P('data', None))


@nnx.jit(in_shardings=(state_sharding, batch_sharding), out_shardings=batch_sharding)
def logits_fn(head, x):
  return head(x)


x = jnp.ones((64, 128), jnp.bfloat16)
logits_fn.trace(head, x).lower(lowering_platforms=('tpu',))
