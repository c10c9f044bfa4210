"""Per-device noise under nnx.pmap: the module folds axis_index('devices') into its key."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyLinear(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, rngs=rngs)
    self.key = nnx.Variable(rngs.noise())

  def __call__(self, x):
    # Every device draws its own noise: fold the device index into the shared key.
    key = jax.random.fold_in(self.key[...], jax.lax.axis_index('devices'))
    return self.linear(x) + 0.01 * jax.random.normal(key, (x.shape[0], self.linear.out_features))


@nnx.pmap(in_axes=(None, 0), axis_name='devices')
def forward(model, x):
  return model(x)


model = NoisyLinear(16, 16, rngs=nnx.Rngs(0, noise=1))
x = jnp.ones((jax.local_device_count(), 4, 16))
nnx.jit(forward).trace(model, x).lower(lowering_platforms=("cuda",))
