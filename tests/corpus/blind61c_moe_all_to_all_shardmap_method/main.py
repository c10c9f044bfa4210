"""Expert-parallel MoE block: the layer from moe.py runs under jax.shard_map, tokens and experts
split over the 'expert' mesh axis, so the two all_to_alls exchange token slots between devices."""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

import moe


class ExpertParallelMoE:
    def __init__(self, mesh, capacity):
        self.mesh = mesh
        self.capacity = capacity

    def _local(self, x, w_gate, w1, w2):
        return moe.moe_layer(x, w_gate, w1, w2, self.capacity)

    def __call__(self, x, w_gate, w1, w2):
        ax = moe.EXPERT_AXIS
        fn = jax.shard_map(self._local, mesh=self.mesh,
                           in_specs=(P(ax), P(), P(ax), P(ax)), out_specs=P(ax))
        return x + fn(x, w_gate, w1, w2)


def main():
    mesh = jax.make_mesh((4,), (moe.EXPERT_AXIS,), axis_types=(AxisType.Auto,))
    layer = ExpertParallelMoE(mesh, capacity=128)
    f32 = jnp.float32
    args = (jax.ShapeDtypeStruct((2048, 256), f32), jax.ShapeDtypeStruct((256, 8), f32),
            jax.ShapeDtypeStruct((8, 256, 1024), f32), jax.ShapeDtypeStruct((8, 1024, 256), f32))
    jax.jit(layer.__call__).trace(*args).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
