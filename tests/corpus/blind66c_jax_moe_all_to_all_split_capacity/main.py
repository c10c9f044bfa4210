import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import MoEConfig
from layers import init_moe, moe_layer


def build_step(cfg, mesh):
  param_specs = {"router": P(), "w_in": P(cfg.expert_axis), "w_out": P(cfg.expert_axis)}
  tok = P(cfg.token_axes)

  @partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, tok, tok),
           out_specs=(param_specs, P()))
  def sharded_grads(params, x, target):
    def loss_fn(p):
      return jnp.mean((moe_layer(p, x, cfg) - target) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return grads, jax.lax.pmean(loss, cfg.token_axes)

  def step(params, x, target):
    grads, loss = sharded_grads(params, x, target)
    return jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads), loss

  return step


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--num_experts", type=int, default=MoEConfig.num_experts)
  parser.add_argument("--capacity_factor", type=float, default=MoEConfig.capacity_factor)
  args = parser.parse_args()
  cfg = MoEConfig(num_experts=args.num_experts, capacity_factor=args.capacity_factor)

  mesh = Mesh(np.asarray(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
  params = jax.eval_shape(lambda k: init_moe(k, cfg), jax.random.PRNGKey(0))
  x = jax.ShapeDtypeStruct((cfg.batch_size * cfg.seq_len, cfg.d_model), jnp.float32)

  step = jax.jit(build_step(cfg, mesh))
  step.trace(params, x, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
