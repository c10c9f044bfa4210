import argparse
import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

import sharding_rules
from layers import ParallelMLP


@dataclasses.dataclass(frozen=True)
class Config:
    dim: int = 16
    hidden: int = 64
    model_axis: str = "model"


parser = argparse.ArgumentParser()
parser.add_argument("--dp", type=int, default=2)
parser.add_argument("--tp", type=int, default=2)
args = parser.parse_args([])

cfg = Config()
mesh = sharding_rules.build_mesh(args.dp, args.tp)
model = ParallelMLP(cfg.dim, cfg.hidden, tp_axis=cfg.model_axis, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def forward(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


sharded_forward = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(sharding_rules.mlp_param_specs(params), P(sharding_rules.DATA, None)),
    out_specs=P(sharding_rules.DATA, None),
)

x = jnp.ones((8, cfg.dim))
jax.jit(sharded_forward).trace(params, x).lower(lowering_platforms=("cuda",))
