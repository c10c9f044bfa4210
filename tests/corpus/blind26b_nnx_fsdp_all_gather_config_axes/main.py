import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from fsdp.config import CONFIG
from fsdp.layers import FSDPMLP

devices = np.array(jax.devices()).reshape(CONFIG['mesh_shape'])
mesh = Mesh(devices, tuple(CONFIG['mesh_axes']))
DATA = P(tuple(CONFIG['data_axes']))
is_scalar = lambda path, v: jnp.ndim(v[...]) == 0
OPT_SPECS = nnx.StateSharding({is_scalar: P(), ...: DATA})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(DATA, OPT_SPECS, DATA), out_specs=P())
def train_step(model, optimizer, x):
  def loss_fn(model):
    return jnp.mean((model(x) - x) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, tuple(CONFIG['data_axes']))


model = FSDPMLP(CONFIG, nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
x = jnp.ones((16, CONFIG['emb_dim']))
train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
print('lowered')
