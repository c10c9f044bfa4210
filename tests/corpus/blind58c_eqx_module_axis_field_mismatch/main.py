from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from tp_layers import ParallelMLP

mesh = jax.make_mesh((2, 2), ("data", "model"))
D_MODEL, D_FF = 256, 1024


def param_specs(mlp):
    # column weights split on their output dim, row weights on their input dim
    return eqx.tree_at(
        lambda m: (m.up.weight, m.up.bias, m.down.weight),
        mlp,
        (P(None, "model"), P("model"), P("model", None)),
    )


def forward(mlp, x):
    return mlp(x)


def main():
    mlp = ParallelMLP(D_MODEL, D_FF // 2, jax.random.key(0))
    # global parameters: concatenate the per-shard shapes
    mlp = eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight), mlp,
                      (jnp.zeros((D_MODEL, D_FF)), jnp.zeros((D_FF,)), jnp.zeros((D_FF, D_MODEL))))
    specs = param_specs(mlp)
    fwd = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P("data", None)),
                        out_specs=P("data", None))
    x = jnp.zeros((32, D_MODEL))
    jax.jit(fwd).trace(mlp, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
