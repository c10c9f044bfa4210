import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import Config
from model import RingSelfAttention

cfg = Config()
mesh = Mesh(np.array(jax.devices()[: cfg.cp_devices]), (cfg.cp_axis,))
model = RingSelfAttention(cfg, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-4), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(None, cfg.cp_axis)), out_specs=P())
  def step(model, optimizer, x):
    def loss_fn(model):
      return jnp.mean(model(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, cfg.cp_axis)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, cfg.cp_axis)

  return step(model, optimizer, x)


x = jnp.ones((cfg.batch, cfg.seq_len, cfg.d_model))
train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
