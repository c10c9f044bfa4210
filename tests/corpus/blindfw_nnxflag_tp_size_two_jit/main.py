"""Two-way tensor parallelism switched on in the config (tensor=2): the blocks sum over the
tensor axis, but the step is still the data-parallel nnx.jit with the batch sharded over `data`."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from config import CONFIG
from model import MixerBlock

mesh = Mesh(jax.devices()[:CONFIG.data], ('data',))
model = nnx.Sequential(*[MixerBlock(32, 128, rngs=nnx.Rngs(i)) for i in range(3)])
optimizer = nnx.Optimizer(model, optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3)),
                          wrt=nnx.Param)


@nnx.jit(donate_argnums=(0, 1))
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
  optimizer.update(model, grads)
  return loss


x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))
train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
