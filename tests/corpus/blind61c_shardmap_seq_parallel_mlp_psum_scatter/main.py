"""Megatron sequence parallelism written with jax.shard_map (JAX 'Manual parallelism with
shard_map' collectives: axis_index, all_gather, psum_scatter) on an explicit-axes mesh."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import layers


def build(mesh):
    block = jax.shard_map(
        layers.seq_parallel_mlp,
        mesh=mesh,
        in_specs=(P("dp", "tp", None), P(None, "tp"), P("tp", None)),
        out_specs=P("dp", "tp", None),
    )

    @jax.jit
    def forward(x, w_in, w_out):
        return block(x, w_in, w_out) + x

    return forward


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("dp", "tp"))
    sds = lambda shape, spec: jax.ShapeDtypeStruct(shape, jnp.bfloat16,
                                                   sharding=NamedSharding(mesh, spec))
    x = sds((8, 1024, 512), P("dp", "tp", None))
    w_in = sds((512, 2048), P(None, "tp"))
    w_out = sds((2048, 512), P("tp", None))
    build(mesh).trace(x, w_in, w_out).lower(lowering_platforms=("tpu",))
