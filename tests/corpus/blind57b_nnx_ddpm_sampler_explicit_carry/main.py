import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from denoiser import ConditionalDenoiser

T = 50
betas = jnp.linspace(1e-4, 0.02, T)
alphas = 1.0 - betas
alpha_bars = jnp.cumprod(alphas)


@nnx.jit
def sample(model, labels, key):
  n = labels.shape[0]
  key, init_key = jax.random.split(key)
  x = jax.random.normal(init_key, (n, 16, 16, 3))

  def p_step(i, carry):
    model, x, key = carry
    t = T - 1 - i
    key, sub = jax.random.split(key)
    eps = model(x, jnp.full((n,), t), labels)
    mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
    x = mean + jnp.sqrt(betas[t]) * jax.random.normal(sub, x.shape)
    return model, x, key

  _, x, _ = nnx.fori_loop(0, T, p_step, (model, x, key))
  return x


if __name__ == '__main__':
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    model = ConditionalDenoiser(num_classes=10, rngs=nnx.Rngs(0))
    labels = jax.sharding.reshard(jnp.arange(16, dtype=jnp.int32) % 10, P('data'))
    sample.trace(model, labels, jax.random.key(0)).lower(lowering_platforms=('tpu',))
