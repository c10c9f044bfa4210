import argparse

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import fsdp


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--mesh_shape", default="2,2")
    p.add_argument("--mesh_axes", default="data,shard")
    return p.parse_args(argv)


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(64)(x))
        return nn.Dense(8)(x)


args = parse_args([])
data_axis, shard_axis = args.mesh_axes.split(",")
mesh = jax.make_mesh(tuple(map(int, args.mesh_shape.split(","))), (data_axis, shard_axis),
                     axis_types=(AxisType.Auto,) * 2)

model = MLP()
x = jnp.ones((16, 32))
params = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
specs = jax.tree.map(lambda l: P(shard_axis) if l.ndim == 2 else P(), params)


@fsdp.fsdp
def loss_fn(params, x):
    return jnp.mean(model.apply(params, x) ** 2)


def step(params, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    loss = jax.lax.pmean(loss, (data_axis, shard_axis))
    return loss, jax.lax.pmean(grads, data_axis)


step = jax.shard_map(step, mesh=mesh, in_specs=(specs, P((data_axis, shard_axis))),
                     out_specs=(P(), specs), check_vma=False)
lowered = jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
