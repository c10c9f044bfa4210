"""A deep ensemble built with nn.vmap: each member has its own parameters, and the head
averages the members' logits with a collective over the lifted 'member' axis."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Member(nn.Module):
  num_classes: int
  member_axis: str

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(32)(x)
    x = nn.relu(x)
    logits = nn.Dense(self.num_classes)(x)
    probs = nn.softmax(logits)
    mean_probs = jax.lax.pmean(probs, axis_name=self.member_axis)
    return logits, mean_probs


class Ensemble(nn.Module):
  num_members: int = 4
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    VmapMember = nn.vmap(
        Member,
        in_axes=None, out_axes=0,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        axis_size=self.num_members,
        axis_name='member',
    )
    logits, mean_probs = VmapMember(num_classes=self.num_classes, member_axis='member')(x)
    return logits, mean_probs[0]


model = Ensemble()
x = jnp.ones((8, 20))
variables = model.init(jax.random.key(0), x)
predict = jax.jit(model.apply)
predict.trace(variables, x).lower(lowering_platforms=("cuda",))
