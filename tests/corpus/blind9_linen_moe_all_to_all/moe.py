import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = 'expert'


class ExpertParallelFFN(nn.Module):
  """GShard-style expert parallelism: one group of experts per device, tokens routed by all_to_all."""
  num_experts: int
  capacity: int
  d_ff: int

  @nn.compact
  def __call__(self, x):
    # x: [tokens, d] local tokens
    t, d = x.shape
    n_dev = 1 if self.is_initializing() else lax.axis_size(EXPERT_AXIS)
    local_e = self.num_experts // n_dev
    gate = nn.Dense(self.num_experts, use_bias=False, name='gate')(x)
    probs = jax.nn.softmax(gate)
    expert = jnp.argmax(probs, -1)
    dispatch = jax.nn.one_hot(expert, self.num_experts)[:, :, None] * \
        jax.nn.one_hot(jnp.arange(t) % self.capacity, self.capacity)[:, None, :]
    xs = jnp.einsum('tec,td->ecd', dispatch, x)                   # [E, C, d]
    if not self.is_initializing():
      xs = lax.all_to_all(xs, EXPERT_AXIS, split_axis=0, concat_axis=1, tiled=True)
    wi = self.param('wi', nn.initializers.lecun_normal(), (local_e, d, self.d_ff))
    wo = self.param('wo', nn.initializers.lecun_normal(), (local_e, self.d_ff, d))
    h = jnp.einsum('ecd,edf->ecf', xs, wi)
    ys = jnp.einsum('ecf,efd->ecd', nn.gelu(h), wo)
    if not self.is_initializing():
      ys = lax.all_to_all(ys, EXPERT_AXIS, split_axis=1, concat_axis=0, tiled=True)
    combine = dispatch * probs[:, :, None]
    return jnp.einsum('tec,ecd->td', combine, ys)
