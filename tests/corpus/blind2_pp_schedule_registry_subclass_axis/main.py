"""Builds the configured schedule from the registry and lowers one pipelined forward pass."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from parallel import MeshSpec, get_schedule

CONFIG = {"schedule": "1f1b", "num_microbatches": 4, "mesh": {"data": 1}}


def layer(params, x):
    return jax.nn.relu(x @ params[0])


def main(config):
    spec = MeshSpec(**config["mesh"])
    mesh = spec.build()
    schedule = get_schedule(config["schedule"])(spec.pipeline, config["num_microbatches"])
    fwd = jax.jit(jax.shard_map(lambda p, mb: schedule.run(layer, p, mb), mesh=mesh,
                                in_specs=(P("pipeline"), P()), out_specs=P("pipeline")))
    params = jax.ShapeDtypeStruct((spec.pipeline, 128, 128), jnp.float32)
    microbatches = jax.ShapeDtypeStruct((config["num_microbatches"], 8, 128), jnp.float32)
    return fwd.trace(params, microbatches).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
    main(CONFIG)
