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
    return self.decode(self.encode(x))


model = AutoEncoder()
x = jnp.ones((16, 32))
params = jax.eval_shape(lambda: model.init(jax.random.key(0), x, method=AutoEncoder.encode))
# encode() alone initialises only 'enc'; decode params are not needed here
embed = jax.jit(lambda p, x: model.apply(p, x, method=AutoEncoder.encode))
embed.trace(params, x).lower(lowering_platforms=("cuda",))
