import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

from models import UNet

NUM_STEPS = 50


def ddpm_schedule(n):
  betas = jnp.linspace(1e-4, 0.02, n)
  alphas = 1.0 - betas
  return betas, alphas, jnp.cumprod(alphas)


@eqx.filter_jit
def sample(model, x_T, key):
  betas, alphas, alpha_bars = ddpm_schedule(NUM_STEPS)
  # run the denoiser in bfloat16 to save memory on TPU
  model_bf16 = jax.tree.map(
      lambda a: a.astype(jnp.bfloat16) if eqx.is_inexact_array(a) else a, model)

  def body(i, carry):
    x, key = carry
    t = NUM_STEPS - 1 - i
    key, sub = jax.random.split(key)
    eps = jax.vmap(model_bf16, in_axes=(0, None))(x.astype(jnp.bfloat16),
                                                 jnp.asarray(t, jnp.bfloat16))
    coef = betas[t] / jnp.sqrt(1.0 - alpha_bars[t])
    mean = (x - coef * eps) / jnp.sqrt(alphas[t])
    noise = jax.random.normal(sub, x.shape, eps.dtype)
    x = mean + jnp.sqrt(betas[t]) * noise.astype(jnp.float32)
    return x, key

  x0, _ = lax.fori_loop(0, NUM_STEPS, body, (x_T, key))
  return x0


def main():
  model = UNet(3, 32, 64, key=jax.random.key(0))
  x_T = jax.ShapeDtypeStruct((8, 3, 32, 32), jnp.float32)
  key = jax.random.key(1)
  params, static = eqx.partition(model, eqx.is_array)
  run = jax.jit(lambda p, x, k: sample(eqx.combine(p, static), x, k))
  run.trace(params, x_T, key).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
