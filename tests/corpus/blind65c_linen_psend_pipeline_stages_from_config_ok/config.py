PIPELINE_CONFIG = dict(
    stage_axis="stage",
    num_stages=4,      # one stage per GPU on a 4-GPU host
    d_model=128,
    d_ff=512,
    microbatch=16,
)
