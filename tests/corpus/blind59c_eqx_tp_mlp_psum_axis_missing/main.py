from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ParallelMLP

D_MODEL, D_FF = 128, 512


def build_sharded_mlp(tp, key):
    # One ParallelMLP per tensor-parallel rank, stacked on a leading axis.
    keys = jax.random.split(key, tp)
    return eqx.filter_vmap(lambda k: ParallelMLP(D_MODEL, D_FF // tp, key=k))(keys)


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
    stacked = build_sharded_mlp(mesh.shape["model"], jax.random.key(0))
    params, static = eqx.partition(stacked, eqx.is_array)

    @jax.jit
    @partial(jax.shard_map, mesh=mesh, in_specs=(P("model"), P("data")), out_specs=P("data"))
    def forward(params, x):
        local = jax.tree.map(lambda a: a[0], params)
        mlp = eqx.combine(local, static)
        return mlp(x)

    x = jax.ShapeDtypeStruct((16, D_MODEL), jnp.float32)
    forward.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
