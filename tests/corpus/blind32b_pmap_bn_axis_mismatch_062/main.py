"""pmapped VAE-ish encoder step; the model's BatchNorm was written for another trainer's axis."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax
from flax import linen as nn
from flax.training import train_state, common_utils
from flax.jax_utils import replicate

AXIS = 'device'


class Encoder(nn.Module):
  latents: int = 16

  def setup(self):
    self.conv = nn.Conv(32, (3, 3), strides=(2, 2))
    self.norm = nn.BatchNorm(momentum=0.99, axis_name='batch')
    self.mean = nn.Dense(self.latents)
    self.logvar = nn.Dense(self.latents)

  def __call__(self, x, train):
    h = nn.relu(self.norm(self.conv(x), use_running_average=not train))
    h = h.reshape((h.shape[0], -1))
    return self.mean(h), self.logvar(h)

  def kl(self, x, train):
    mean, logvar = self(x, train)
    return 0.5 * jnp.sum(jnp.exp(logvar) + mean**2 - 1.0 - logvar, axis=-1).mean()


class State(train_state.TrainState):
  batch_stats: flax.core.FrozenDict


def train_step(state, batch):
  def loss_fn(params):
    kl, mutated = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                 batch, True, method=Encoder.kl, mutable=['batch_stats'])
    return kl, mutated
  (loss, mutated), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, AXIS)
  return state.apply_gradients(grads=grads, batch_stats=mutated['batch_stats']), loss


enc = Encoder()
v = enc.init(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)), False)
state = replicate(State.create(apply_fn=enc.apply, params=v['params'],
                               batch_stats=v['batch_stats'], tx=optax.adam(1e-3)))
batch = common_utils.shard(np.ones((32, 28, 28, 1), np.float32))
p_step = jax.pmap(train_step, axis_name=AXIS)
print(jax.jit(p_step).trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:10])
