"""Diffusion-model style shard_map step; the step used to also return the new rng."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class Denoiser(nn.Module):
  @nn.compact
  def __call__(self, x, t):
    temb = nn.Dense(32)(jnp.sin(t[:, None] * jnp.arange(1, 17)))
    h = nn.Conv(32, (3, 3))(x) + temb[:, None, None, :]
    h = nn.GroupNorm(8)(nn.silu(h))
    return nn.Conv(x.shape[-1], (3, 3))(h)


class State(train_state.TrainState):
  rng: jax.Array


mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P('data')), out_specs=(P(), P(), P()))
def train_step(state, images):
  rng = jax.random.fold_in(state.rng, jax.lax.axis_index('data'))
  rng_t, rng_n = jax.random.split(jax.random.fold_in(rng, state.step))
  t = jax.random.uniform(rng_t, (images.shape[0],))
  noise = jax.random.normal(rng_n, images.shape)
  noisy = jnp.sqrt(1 - t)[:, None, None, None] * images + jnp.sqrt(t)[:, None, None, None] * noise

  def loss_fn(params):
    return jnp.mean((state.apply_fn({'params': params}, noisy, t) - noise) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


model = Denoiser()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16, 16, 3)), jnp.ones((1,)))['params']
state = State.create(apply_fn=model.apply, params=params, tx=optax.adam(2e-4),
                     rng=jax.random.PRNGKey(1))
print(train_step.trace(state, jnp.ones((16, 16, 16, 3))).lower(
    lowering_platforms=('cuda',)).as_text()[:10])
