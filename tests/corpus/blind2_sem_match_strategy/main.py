"""Gradient synchronisation chosen by a `match` on the parallelism strategy."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelismConfig:
    strategy: str = "ddp"
    mesh_shape: tuple = (2, 2)
    mesh_axes: tuple = ("replica", "fsdp")


def sync_grads(grads, cfg):
    match cfg.strategy:
        case "ddp":
            return jax.lax.pmean(grads, cfg.mesh_axes)
        case "fsdp":
            return jax.tree.map(lambda g: jax.lax.psum_scatter(g, "fsdp", scatter_dimension=0, tiled=True), grads)
        case "hsdp":
            grads = jax.lax.pmean(grads, "replica")
            return jax.tree.map(lambda g: jax.lax.psum_scatter(g, "shard", scatter_dimension=0, tiled=True), grads)
        case _:
            raise ValueError(f"unknown strategy {cfg.strategy}")


def make_step(cfg):
    def step(w, x):
        grads = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
        return sync_grads(grads, cfg)

    return step


cfg = ParallelismConfig()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
out_spec = P("fsdp") if cfg.strategy != "ddp" else P()
step = jax.jit(jax.shard_map(make_step(cfg), mesh=mesh, in_specs=(P(), P(cfg.mesh_axes)), out_specs=out_spec))
step.trace(jax.ShapeDtypeStruct((64, 64), jnp.float32), jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(
    lowering_platforms=("cuda",))
