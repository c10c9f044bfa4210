import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from configs import base as cfg
from model import MlpBlock


def main():
    mesh = jax.make_mesh(cfg.MESH_SHAPE, cfg.MESH_AXES)
    tp = mesh.shape["model"]

    x = jnp.ones((32, cfg.EMBED_DIM), jnp.float32)
    abstract = jax.eval_shape(MlpBlock(cfg.MLP_DIM).init, jax.random.PRNGKey(0), x)
    logical = nn.get_partition_spec(abstract)
    param_specs = nn.logical_to_mesh(logical, cfg.LOGICAL_AXIS_RULES)
    batch_spec = nn.logical_to_mesh_axes(("batch", "embed"), cfg.LOGICAL_AXIS_RULES)

    params = nn.unbox(MlpBlock(cfg.MLP_DIM).init(jax.random.PRNGKey(0), x))
    shard_block = MlpBlock(cfg.MLP_DIM // tp, tp_axis="model")

    fwd = jax.shard_map(shard_block.apply, mesh=mesh,
                        in_specs=(param_specs, batch_spec), out_specs=batch_spec)
    fwd = jax.jit(fwd)
    print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])


if __name__ == "__main__":
    main()
