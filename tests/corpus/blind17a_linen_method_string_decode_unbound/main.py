import flax.linen as nn
import jax
import jax.numpy as jnp


class AutoEncoder(nn.Module):
  latent: int = 8
  out: int = 32

  def setup(self):
    self.enc = nn.Dense(self.latent)
    self.dec = nn.Dense(self.out)

  def encode(self, x):
    return nn.tanh(self.enc(x))

  def decode(self, z):
    z = z - jax.lax.pmean(z.mean(0), "batch")
    return self.dec(z)

  def __call__(self, x):
    return self.enc(x), self.dec(self.enc(x))


def sample(model, params, key, n):
  z = jax.random.normal(key, (n, model.latent))
  return model.apply(params, z, method="decode")


model = AutoEncoder()
params = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((1, 32)))
sampler = jax.jit(sample, static_argnums=(0, 3))
sampler.trace(model, params, jax.random.key(1), 16).lower(lowering_platforms=("cuda",))
