import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import layers


def make_stacked(tp, d_model, d_ff, key):
    keys = jax.random.split(key, tp)
    make = lambda k: layers.ParallelMLP(d_model, d_ff // tp, key=k)
    return eqx.filter_vmap(make)(keys)


def forward(params, static, x):
    mlp = eqx.combine(jax.tree.map(lambda a: jnp.squeeze(a, 0), params), static)
    h = mlp(x)
    return h + x


def main():
    devices = np.array(jax.devices()).reshape(2, 2)
    mesh = Mesh(devices, ("data", layers.TP_AXIS))
    model = make_stacked(mesh.shape[layers.TP_AXIS], 64, 256, jax.random.PRNGKey(1))
    params, static = eqx.partition(model, eqx.is_array)

    sharded = jax.shard_map(
        lambda p, x: forward(p, static, x),
        mesh=mesh,
        in_specs=(P(layers.TP_AXIS), P("data")),
        out_specs=P("data"),
    )
    step = jax.jit(sharded)
    x = jnp.zeros((32, 64), jnp.float32)
    step.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
