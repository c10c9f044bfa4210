import functools

import flax.linen as nn
import jax
import jax.numpy as jnp

from kernels import rmsnorm


class PallasRMSNorm(nn.Module):
  @nn.compact
  def __call__(self, x):
    scale = self.param("scale", nn.initializers.ones, (x.shape[-1],))
    return rmsnorm(x, scale)


class MlpBlock(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = PallasRMSNorm(name="norm")(x)
    h = nn.Dense(self.hidden)(h)
    h = nn.gelu(h)
    return x + nn.Dense(x.shape[-1])(h)


model = MlpBlock(hidden=512)


@functools.partial(jax.jit, static_argnames=("deterministic",))
def forward(variables, x, deterministic=True):
  del deterministic
  return model.apply(variables, x)


def main():
  x = jnp.zeros((64, 256), jnp.float32)
  variables = jax.eval_shape(model.init, jax.random.key(0), x)
  lowered = forward.trace(variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
