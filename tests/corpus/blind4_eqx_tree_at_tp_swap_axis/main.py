import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from blocks import TensorParallelFFN, Tower

cfg = {"mesh_axes": ("data", "model"), "mesh_shape": (2, 2), "tp_axis": "model", "dim": 16, "hidden": 64}
mesh = Mesh(np.array(jax.devices()).reshape(cfg["mesh_shape"]), cfg["mesh_axes"])

tower = Tower(cfg["dim"], cfg["hidden"], depth=3, key=jax.random.PRNGKey(0))
# Model surgery: the widest block becomes tensor parallel.
big_ffn = TensorParallelFFN(cfg["dim"], 4 * cfg["hidden"], axis_name=cfg.get("tensor_axis", "tp"),
                            key=jax.random.PRNGKey(1))
tower = eqx.tree_at(lambda t: t.blocks[1].ffn, tower, big_ffn)

params, static = eqx.partition(tower, eqx.is_array)
specs = jax.tree.map(lambda _: P(), params)
specs = eqx.tree_at(lambda s: (s.blocks[1].ffn.w_in, s.blocks[1].ffn.w_out), specs,
                    (P(None, cfg["tp_axis"]), P(cfg["tp_axis"], None)))


def forward(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


forward = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P("data")), out_specs=P("data"))
x = jnp.ones((4, 8, cfg["dim"]))
jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
