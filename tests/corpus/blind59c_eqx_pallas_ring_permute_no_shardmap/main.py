import equinox as eqx
import jax
import jax.numpy as jnp

from kernels import right_permute


class ShiftedContextMixer(eqx.Module):
    """Mixes each sequence chunk with the chunk held by the left neighbour."""
    proj: eqx.nn.Linear
    gate: jax.Array

    def __init__(self, dim, *, key):
        self.proj = eqx.nn.Linear(dim, dim, use_bias=False, key=key)
        self.gate = jnp.full((dim,), 0.5)

    def __call__(self, x):
        # x: [chunk_len, dim], this device's slice of the sequence
        prev = right_permute(x)
        mixed = self.gate * x + (1.0 - self.gate) * prev
        return jax.vmap(self.proj)(mixed)


@eqx.filter_jit
def apply_mixer(mixer, x):
    return mixer(x)


def main():
    mixer = ShiftedContextMixer(128, key=jax.random.PRNGKey(0))
    x = jnp.zeros((4 * 256, 128), jnp.float32)
    x = jax.device_put(x, jax.sharding.NamedSharding(
        jax.make_mesh((4,), ("seq",)), jax.sharding.PartitionSpec("seq")))
    jax.jit(apply_mixer).trace(mixer, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
