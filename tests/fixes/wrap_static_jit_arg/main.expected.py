import jax
from jax.sharding import PartitionSpec as P


mesh = jax.sharding.Mesh(jax.devices(), ("x",))


def step(x, axis, scale):
    @jax.shard_map(mesh=mesh, in_specs=P(), out_specs=P(), check_vma=False)
    def step_sharded(x):
        return jax.lax.psum(x, axis) * scale
    return step_sharded(x)


train = jax.jit(step, static_argnums=(1,), static_argnames=("scale",))


if __name__ == "__main__":
    train(jax.numpy.ones(4), "x", scale=2.0)
