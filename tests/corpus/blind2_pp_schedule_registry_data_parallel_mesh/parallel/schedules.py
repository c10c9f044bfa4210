"""Pipeline schedules, registered by name; stages hand activations forward with psend/precv."""
import jax
import jax.numpy as jnp

SCHEDULES = {}


def register_schedule(name):
    def deco(cls):
        SCHEDULES[name] = cls
        return cls

    return deco


def get_schedule(name):
    try:
        return SCHEDULES[name]
    except KeyError:
        raise ValueError(f"unknown schedule {name!r}; known: {sorted(SCHEDULES)}") from None


class PipelineSchedule:
    def __init__(self, num_stages, num_microbatches, axis_name):
        self.num_stages = num_stages
        self.num_microbatches = num_microbatches
        self.axis_name = axis_name

    @property
    def forward_pairs(self):
        return [(i, i + 1) for i in range(self.num_stages - 1)]

    def send_forward(self, x):
        tok = jax.lax.psend(x, self.axis_name, self.forward_pairs)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), self.axis_name, self.forward_pairs)

    def run(self, layer, params, microbatches):
        raise NotImplementedError


@register_schedule("gpipe")
class GPipe(PipelineSchedule):
    def __init__(self, num_stages, num_microbatches):
        super().__init__(num_stages, num_microbatches, axis_name="pipeline")

    def run(self, layer, params, microbatches):
        stage = jax.lax.axis_index(self.axis_name)
        outs = []
        for m in range(self.num_microbatches):
            x = microbatches[m]
            h = layer(params, x)
            recv = self.send_forward(h)
            outs.append(jnp.where(stage == 0, h, layer(params, recv)))
        return jnp.stack(outs)
