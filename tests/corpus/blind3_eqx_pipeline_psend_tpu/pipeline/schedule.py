import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def make_pipeline(stages, mesh, num_stages, axis_name="stage"):
    params, static = eqx.partition(stages, eqx.is_array)

    def run_stages(stage_params, h):
        local = jax.tree.map(lambda a: a[0], stage_params)
        stage = eqx.combine(local, static)
        for step in range(num_stages):
            h = stage(h)
            if step < num_stages - 1:
                h = stage.pass_forward(h, num_stages)
        return h

    run = jax.shard_map(
        run_stages,
        mesh=mesh,
        in_specs=(P(axis_name), P()),
        out_specs=P(axis_name),
        check_vma=False,
    )
    return params, jax.jit(run)
