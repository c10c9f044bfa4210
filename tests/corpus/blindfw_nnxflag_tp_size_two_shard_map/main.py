"""Two-way tensor parallelism switched on in the config (tensor=2): the step runs under
nnx.shard_map over a (data, tensor) mesh, batch split over `data`, gradients averaged."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import CONFIG
from model import MixerBlock

devices = np.array(jax.devices()[:CONFIG.data * CONFIG.tensor]).reshape(CONFIG.data, CONFIG.tensor)
mesh = Mesh(devices, ('data', 'tensor'))
model = nnx.Sequential(*[MixerBlock(32, 128, rngs=nnx.Rngs(i)) for i in range(3)])
optimizer = nnx.Optimizer(model, optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3)),
                          wrt=nnx.Param)


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P(), check_vma=False)
  def step(model, optimizer, x):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, jax.lax.pmean(grads, 'data'))
    return jax.lax.pmean(loss, 'data')
  return step(model, optimizer, x)


train_step.trace(model, optimizer, jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
