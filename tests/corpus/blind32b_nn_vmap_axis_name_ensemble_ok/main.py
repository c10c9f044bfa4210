"""Deep ensemble with nn.vmap; members share statistics through the vmapped axis name."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Member(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features)(x)
    # Center each member's hidden activations by the ensemble mean.
    h = h - lax.pmean(h, axis_name='ensemble')
    h = nn.tanh(h)
    return nn.Dense(1)(h)


class Ensemble(nn.Module):
  size: int = 4
  features: int = 32

  @nn.compact
  def __call__(self, x):
    VmapMember = nn.vmap(
        Member,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=None,
        out_axes=0,
        axis_size=self.size,
        axis_name='ensemble',
    )
    preds = VmapMember(self.features, name='members')(x)
    return preds.mean(0), preds.std(0)


model = Ensemble()
x = jnp.ones((8, 16))
params = model.init(jax.random.key(0), x)


def predict(params, x):
  return model.apply(params, x)


lowered = jax.jit(predict).trace(params, x).lower(lowering_platforms=('cuda',))
print(jax.tree_util.tree_map(jnp.shape, params)['params']['members']['Dense_0']['kernel'])
print(lowered.as_text().count('func.func'))
