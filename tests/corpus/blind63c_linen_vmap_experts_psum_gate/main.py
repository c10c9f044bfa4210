import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

N_EXPERTS = 4
EXPERT_AXIS = 'expert'


class Expert(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    gate_logit = nn.Dense(1, name='gate')(x)[..., 0]               # (batch,)
    # softmax over experts: every vmapped copy sees the others' logits through the named axis
    gate = jnp.exp(gate_logit - lax.pmax(lax.stop_gradient(gate_logit), EXPERT_AXIS))
    gate = gate / lax.psum(gate, EXPERT_AXIS)
    h = nn.Dense(self.hidden)(x)
    y = nn.Dense(x.shape[-1])(nn.silu(h))
    return lax.psum(gate[:, None] * y, EXPERT_AXIS)


class SoftMoE(nn.Module):
  hidden: int = 512

  @nn.compact
  def __call__(self, x):
    experts = nn.vmap(Expert, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=N_EXPERTS, axis_name=EXPERT_AXIS)
    y = experts(self.hidden, name='experts')(x)
    return x + y[0]


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = SoftMoE()
  x = jnp.ones((32, 64))
  params = model.init(jax.random.PRNGKey(0), x)['params']
  tx = optax.adam(1e-3)
  opt_state = tx.init(params)

  def step(params, opt_state, x):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean(model.apply({'params': p}, x) ** 2))(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss

  step = jax.jit(step, in_shardings=(None, None, NamedSharding(mesh, P('data'))))
  step.trace(params, opt_state, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
