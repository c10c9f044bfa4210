import equinox as eqx
import jax
import jax.numpy as jnp


def make_denoiser(key, channels=1, width=48):
  k1, k2, k3 = jax.random.split(key, 3)
  return eqx.nn.Sequential([
      eqx.nn.Conv2d(channels + 1, width, 3, padding=1, key=k1),
      eqx.nn.Lambda(jax.nn.gelu),
      eqx.nn.Conv2d(width, width, 3, padding=1, key=k2),
      eqx.nn.Lambda(jax.nn.gelu),
      eqx.nn.Conv2d(width, channels, 3, padding=1, key=k3),
  ])


def with_sigma_channel(x, sigma):
  """Condition on the noise level by appending it as a constant channel."""
  return jnp.concatenate([x, jnp.full((1,) + x.shape[1:], jnp.log(sigma))], axis=0)
