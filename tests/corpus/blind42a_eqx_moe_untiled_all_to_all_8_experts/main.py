import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from moe.layer import MoE, MoEConfig

cfg = MoEConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.expert_axis,))
model = MoE(cfg, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
specs = eqx.tree_at(lambda m: (m.experts.w1, m.experts.w2), jax.tree.map(lambda _: P(), params),
                    (P(cfg.expert_axis), P(cfg.expert_axis)))
optim = optax.adafactor(1e-3)
opt_state = optim.init(params)


def local_loss(params, x):
  y = eqx.combine(params, static)(x)
  return jax.lax.pmean(jnp.mean((y - x) ** 2), cfg.expert_axis)


grad_fn = jax.shard_map(jax.value_and_grad(local_loss), mesh=mesh,
                        in_specs=(specs, P(cfg.expert_axis)), out_specs=(P(), specs))


@eqx.filter_jit
def train_step(params, opt_state, x):
  loss, grads = grad_fn(params, x)
  updates, opt_state = optim.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


jax.jit(train_step).trace(params, opt_state, jnp.ones((64, cfg.d_model))).lower(lowering_platforms=('cuda',))
print('moe lowered')
