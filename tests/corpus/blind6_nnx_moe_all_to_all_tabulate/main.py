import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe.config import MoEConfig
from moe.layer import MoE

cfg = MoEConfig()
mesh = Mesh(jax.devices(), (cfg.expert_axis,))

with jax.set_mesh(mesh):
  model = MoE(cfg, rngs=nnx.Rngs(0))
print(nnx.tabulate(model, jnp.ones((8, cfg.d_model))))
graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)
tx = optax.adam(1e-3)
opt_state = tx.init(params)


def moe_loss(params, x):
  y = nnx.merge(graphdef, params)(x)
  return jnp.mean((y - x) ** 2)


def step(params, opt_state, x):
  def local(params, x):
    loss, grads = jax.value_and_grad(moe_loss)(params, x)
    return jax.lax.pmean(loss, cfg.expert_axis), grads

  loss, grads = jax.shard_map(local, mesh=mesh, in_specs=(param_specs, P(cfg.expert_axis)),
                              out_specs=(P(), param_specs))(params, x)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


x = jax.device_put(jnp.ones((32, cfg.d_model)), NamedSharding(mesh, P(cfg.expert_axis)))
jax.jit(step).trace(params, opt_state, x).lower(lowering_platforms=('cuda',))
