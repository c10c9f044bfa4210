import jax as jx
from jax.sharding import PartitionSpec as P


def make_mesh():
    return jx.make_mesh((4,), ("x",))


@jx.jit
def step(x):
    with jx.set_mesh(make_mesh()):  # the context mesh for the shard_map below
        return jx.shard_map(lambda v: jx.lax.psum(v, "x"), in_specs=P("x"), out_specs=P())(x)


if __name__ == "__main__":
    step.trace(jx.ShapeDtypeStruct((8, 16), jx.numpy.float32)).lower(lowering_platforms=("cuda",))
