import jax
import jax.numpy as jnp
import flax.linen as nn


class Member(nn.Module):
  features: int = 64

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(self.features)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name='ensemble')(x)
    x = nn.relu(x)
    logits = nn.Dense(10)(x)
    return logits, jax.lax.pmean(logits, 'ensemble')


class Ensemble(nn.Module):
  size: int = 4

  @nn.compact
  def __call__(self, x, train: bool = True):
    VmapMember = nn.vmap(
        Member,
        variable_axes={'params': 0, 'batch_stats': 0},
        split_rngs={'params': True},
        in_axes=(None, None),
        out_axes=0,
        axis_size=self.size,
        axis_name='ensemble',
    )
    logits, mean_logits = VmapMember(name='members')(x, train)
    return logits, mean_logits[0]


model = Ensemble()
x = jnp.ones((32, 16))
variables = model.init(jax.random.key(0), x)


def train_forward(variables, x):
  (logits, mean_logits), updates = model.apply(variables, x, mutable=['batch_stats'])
  return mean_logits, updates


print(jax.jit(train_forward).trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
