import jax
from jax.sharding import PartitionSpec as P

import zero
from model import loss_fn
from parallel import collective


def make_train_step(cfg, mesh, params):
  plan = zero.grad_plan(params, cfg)
  grad_specs = zero.plan_specs(plan, cfg)

  def step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    grads = jax.tree.map(lambda g, op: collective(op, g, cfg.dp), grads, plan)
    loss = collective("allreduce_mean", loss, cfg.dp)
    return loss, grads

  step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(cfg.dp)),
                       out_specs=(P(), grad_specs), check_vma=False)
  return jax.jit(step)
