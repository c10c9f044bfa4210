import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import Encoder

mesh = Mesh(jax.devices(), ('model',))
model = Encoder(features=32)
x = jnp.ones((8, 32))

# shapes only: initialise abstractly, the usual way
variables = jax.eval_shape(model.init, jax.random.key(0), x)


@jax.jit
def encode(variables, x):
  f = jax.shard_map(
      lambda v, x: model.apply(v, x, method=Encoder.encode),
      mesh=mesh, in_specs=(P(), P()), out_specs=P())
  return f(variables, x)


print(encode.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
