import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, reshard

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))
jax.set_mesh(mesh)


def init(key, sizes):
  params = []
  for din, dout in zip(sizes[:-1], sizes[1:]):
    key, sub = jax.random.split(key)
    w = jax.random.normal(sub, (din, dout)) / jnp.sqrt(din)
    params.append(jax.device_put(w, P(None, "data")))  # FSDP: shard the weights
  return params


@jax.jit
def forward(params, x):
  for w in params:
    x = jax.nn.relu(x @ w)
  return x


params = init(jax.random.key(0), [64, 128, 128, 16])
x = jax.device_put(jnp.ones((32, 64)), P("data", None))
print(jax.typeof(x), [jax.typeof(w) for w in params][0])
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
