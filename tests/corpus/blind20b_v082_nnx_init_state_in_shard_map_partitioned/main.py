import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MLP

D, HIDDEN = 64, 256
mesh = jax.make_mesh((2, 2), ("data", "model"))
tx = optax.adam(1e-3)


def init_fn(seed):
  # initialise on every device from the same seed so the replicas agree
  model = MLP(D, HIDDEN, rngs=nnx.Rngs(params=jax.random.key(seed)))
  params = nnx.state(model, nnx.Param)
  return params, tx.init(params)


sharded_init = jax.jit(jax.shard_map(init_fn, mesh=mesh, in_specs=P(), out_specs=P()))
sharded_init.trace(jnp.uint32(0)).lower(lowering_platforms=("cuda",))
