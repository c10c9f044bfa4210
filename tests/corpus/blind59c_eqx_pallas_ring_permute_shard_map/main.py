import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from kernels import SEQ_AXIS, right_permute


class ShiftedContextMixer(eqx.Module):
    """Mixes each sequence chunk with the chunk held by the left neighbour."""
    proj: eqx.nn.Linear
    gate: jax.Array

    def __init__(self, dim, *, key):
        self.proj = eqx.nn.Linear(dim, dim, use_bias=False, key=key)
        self.gate = jnp.full((dim,), 0.5)

    def __call__(self, x):
        prev = right_permute(x)
        mixed = self.gate * x + (1.0 - self.gate) * prev
        return jax.vmap(self.proj)(mixed)


mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(SEQ_AXIS)),
                   out_specs=P(SEQ_AXIS), check_vma=False)
def apply_mixer(mixer, x):
    return mixer(x)


def main():
    mixer = ShiftedContextMixer(128, key=jax.random.PRNGKey(0))
    x = jax.device_put(jnp.zeros((4 * 256, 128), jnp.float32),
                       NamedSharding(mesh, P(SEQ_AXIS)))
    apply_mixer.trace(mixer, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
